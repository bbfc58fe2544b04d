/* -fplugin-arg-style_plugin-disable checks nothing.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-disable" } */
#include "style-common.h"

void f(int x)
{
	if (x) foo(); /* { dg-bogus "Wstyle" } */
	else bar(); /* { dg-bogus "Wstyle" } */
	if (x) { foo(); } /* { dg-bogus "Wstyle" } */
}
