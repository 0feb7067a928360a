<map version="1.0.1">
<node CREATED="1704067200000" ID="ID_1" MODIFIED="1704067200000" TEXT="mediatype">
<node CREATED="1704067200000" ID="ID_2" POSITION="right" TEXT="fixture"/>
</node>
</map>
