/* A violation in a header is reported at the header's line.  */
/* { dg-do compile } */
#include "bad-style.h"
/* { dg-message "bad-style.h:4: warning: statement on the same line as the .if. condition @if-body@" "" { target *-*-* } 0 } */

int f(int x)
{
	return bad_style(x);
}
