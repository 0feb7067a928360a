% mediatype fixture
\version "2.24.0"
\header { title = "Fixture" }
\relative c' { c4 d e f | g1 }
