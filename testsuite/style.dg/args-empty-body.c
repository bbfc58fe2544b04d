/* -fplugin-arg-style_plugin-empty-body turns the empty-body rule on.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-empty-body" } */
#include "style-common.h"

void f(int n)
{
	while (baz(n)); /* { dg-warning "empty body on the same line as .while. @empty-body@" } */
	for (; n > 0; n--); /* { dg-warning "empty body on the same line as .for. @empty-body@" } */
	if (n) ; /* { dg-warning "empty body on the same line as .if. @empty-body@" } */
	while (baz(n)) /* { dg-bogus "Wstyle" } */
		;
}
