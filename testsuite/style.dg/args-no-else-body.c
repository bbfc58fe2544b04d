/* -fplugin-arg-style_plugin-no-else-body turns that rule off, and only it.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-no-else-body" } */
#include "style-common.h"

void f(int x)
{
	if (x) foo(); /* { dg-warning "@if-body@" } */
	else bar(); /* { dg-bogus "-Wstyle-else-body" } */
	if (x) { foo(); } /* { dg-warning "@brace-body@" } */
}
