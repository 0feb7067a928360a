# fixture.m4 serial 1
dnl A macro of the mediatype fixtures.
dnl MT_FIXTURE: says hello when configure runs.
AC_DEFUN([MT_FIXTURE],
[AC_MSG_NOTICE([hello from the fixtures])])
