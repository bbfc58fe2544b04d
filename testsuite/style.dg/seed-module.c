/* The two hunks of the 2005 patch "kernel/module.c has something to
   hide": three statements that share a line with if or else.  */
/* { dg-do compile } */
#include "style-common.h"

struct module;
extern int already_uses(struct module *a, struct module *b);
extern int strong_try_module_get(struct module *b);

static int use_module(struct module *a, struct module *b)
{
	if (b == 0 || already_uses(a, b)) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */

	if (!strong_try_module_get(b))
		return 0;
	return 1;
}

struct module *load_module(int err, struct module *ptr)
{
	if (err < 0) return ERR_PTR(err); /* { dg-warning "same line as the .if. condition @if-body@" } */
	else return ptr; /* { dg-warning "same line as .else. @else-body@" } */
}
