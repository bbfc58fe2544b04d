/* A later argument wins: no-if-body then if-body turns it back on.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-no-if-body -fplugin-arg-style_plugin-if-body" } */
#include "style-common.h"

void f(int x)
{
	if (x) foo(); /* { dg-warning "@if-body@" } */
}
