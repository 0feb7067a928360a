filedesc://crawl.arc 0.0.0.0 20240101000000 text/plain 75
1 0 Alexa Internet
URL IP-address Archive-date Content-type Archive-length

http://example.com/ 93.184.216.34 20240101000000 text/html 80
HTTP/1.0 200 OK
Content-Type: text/html

<html><body>mediatype</body></html>

