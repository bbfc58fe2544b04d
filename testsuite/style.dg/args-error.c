/* -fplugin-arg-style_plugin-error makes violations errors, named the way
   GCC names a -Werror=NAME.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-error" } */
#include "style-common.h"

void f(int x)
{
	if (x) foo(); /* { dg-error "same line as the .if. condition @if-body@" } */
	else bar(); /* { dg-error "same line as .else. @else-body@" } */
}
/* { dg-message "some warnings being treated as errors" "" { target *-*-* } 0 } */
