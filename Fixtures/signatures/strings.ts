<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="mainwindow.cpp" line="12"/>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
</context>
</TS>
