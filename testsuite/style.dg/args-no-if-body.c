/* -fplugin-arg-style_plugin-no-if-body turns that rule off, and only it.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-no-if-body" } */
#include "style-common.h"

void f(int x)
{
	if (x) foo(); /* { dg-bogus "-Wstyle-if-body" } */
	else bar(); /* { dg-warning "@else-body@" } */
	if (x) { foo(); } /* { dg-warning "@brace-body@" } */
}
