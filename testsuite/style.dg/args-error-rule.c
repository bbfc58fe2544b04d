/* -fplugin-arg-style_plugin-error=RULE makes that rule's violations
   errors, named as GCC names a -Werror=NAME; the others stay warnings.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-error=else-body,loop-body" } */
#include "style-common.h"

void f(int x)
{
	if (x) foo(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	else bar(); /* { dg-error "same line as .else. \\\[-Werror=style-else-body\\\]" } */
	while (x) x--; /* { dg-error "loop header \\\[-Werror=style-loop-body\\\]" } */
}
/* { dg-message "some warnings being treated as errors" "" { target *-*-* } 0 } */
