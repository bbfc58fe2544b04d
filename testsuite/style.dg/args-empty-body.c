/* -fplugin-arg-style_plugin-empty-body turns the empty-body rule on.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-empty-body" } */
#include "style-common.h"

void f(int n)
{
	while (baz(n)); /* { dg-warning "empty body on the same line as .while. .-Wstyle-empty-body." } */
	for (; n > 0; n--); /* { dg-warning "empty body on the same line as .for." } */
	if (n) ; /* { dg-warning "empty body on the same line as .if." } */
	while (baz(n)) /* { dg-bogus "Wstyle" } */
		;
}
