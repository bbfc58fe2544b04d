/* The then body on the line of the condition's ')'.  */
/* { dg-do compile } */
#include "style-common.h"

void *f(int err, void *ptr)
{
	if (err < 0) return ERR_PTR(err); /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (err > 0) foo(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (!ptr) err = 3; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (err) ++err; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (err) (void)baz(err); /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (err) *(int *)ptr = 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
	return ptr;
}
