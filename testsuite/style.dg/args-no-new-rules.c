/* Each new rule has its switch.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-no-loop-body -fplugin-arg-style_plugin-no-do-body -fplugin-arg-style_plugin-no-multi-stmt" } */
#include "style-common.h"

void f(int x)
{
	while (x) x--; /* { dg-bogus "Wstyle" } */
	do x++; while (x < 3); /* { dg-bogus "Wstyle" } */
	foo(); bar(); /* { dg-bogus "Wstyle" } */
	if (x) foo(); /* { dg-warning "@if-body@" } */
}
