/* System headers are never reported.  */
/* { dg-do compile } */
#include "sys-style.h" /* { dg-bogus "Wstyle" "" { target *-*-* } 0 } */

int f(int x)
{
	return sys_style(x);
}
