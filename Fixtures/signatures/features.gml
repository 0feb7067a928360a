<?xml version="1.0" encoding="utf-8" ?>
<ogr:FeatureCollection
     gml:id="aFeatureCollection"
     xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
     xsi:schemaLocation="http://ogr.maptools.org/ features.xsd"
     xmlns:ogr="http://ogr.maptools.org/"
     xmlns:gml="http://www.opengis.net/gml/3.2">
  <gml:boundedBy><gml:Envelope><gml:lowerCorner>48.8584 2.2945</gml:lowerCorner><gml:upperCorner>48.8584 2.2945</gml:upperCorner></gml:Envelope></gml:boundedBy>
                                                                                                                                                                                             
  <ogr:featureMember>
    <ogr:mediatype_gml_points gml:id="mediatype_gml_points.0">
      <gml:boundedBy><gml:Envelope><gml:lowerCorner>48.8584 2.2945</gml:lowerCorner><gml:upperCorner>48.8584 2.2945</gml:upperCorner></gml:Envelope></gml:boundedBy>
      <ogr:geometryProperty><gml:Point gml:id="mediatype_gml_points.geom.0"><gml:pos>48.8584 2.2945</gml:pos></gml:Point></ogr:geometryProperty>
      <ogr:lon>48.8584</ogr:lon>
      <ogr:lat>2.2945</ogr:lat>
      <ogr:name>Tower</ogr:name>
    </ogr:mediatype_gml_points>
  </ogr:featureMember>
</ogr:FeatureCollection>
