/* #line makes the reported lines those of another file, or other lines
   of this one, whose text the plugin cannot trust: such code is not
   checked, and a note says so once.  */
/* { dg-do compile } */
/* { dg-message "note: style_plugin: code placed by .#line. or line markers is not checked" "" { target *-*-* } 0 } */
/* { dg-bogus "Wstyle" "" { target *-*-* } 0 } */
#include "style-common.h"

int f(int x)
{
#line 3 "line-directive.c"
	if (x) foo();
#line 200 "no-such-file.y"
	if (x) foo();
	return 0;
}
