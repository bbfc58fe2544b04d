/* An iterator macro with an empty body, "FOR_EACH(i, 0, 10);", is an
   empty body on its header's line, as "for (...);" is; a macro that
   ends with a statement of its own, "SPIN(i);", is not.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-empty-body" } */
#include "style-common.h"

#define FOR_EACH(i, a, b) for ((i) = (a); (i) < (b); (i)++)
#define for_each_bit(bit, mask) \
	for ((bit) = 0; (bit) < 32; (bit)++) \
		if (!((mask) & (1u << (bit)))) {} else
#define WAIT_FOR(cond) while (!(cond))
#define forever for (;;)
#define SPIN(i) for ((i) = 0; (i) < 9; (i)++);
#define SPIN_BLOCK(i) for ((i) = 0; (i) < 9; (i)++) { }
#define NEXT(i) ((i) + 1)
#define FOR_EACH_NEXT(i, n) for ((i) = 0; (i) < (n); (i) = NEXT(i))

int f(int n, unsigned int mask)
{
	int i;

	FOR_EACH(i, 0, 10); /* { dg-warning {empty body on the same line as 'FOR_EACH' \[-Wstyle-empty-body\]} } */
	FOR_EACH(i, 0, n) ; /* { dg-warning {empty body on the same line as 'FOR_EACH' \[-Wstyle-empty-body\]} } */
	FOR_EACH_NEXT(i, n); /* { dg-warning {empty body on the same line as 'FOR_EACH_NEXT' \[-Wstyle-empty-body\]} } */
	WAIT_FOR(baz(n)); /* { dg-warning {empty body on the same line as 'WAIT_FOR' \[-Wstyle-empty-body\]} } */
	for (i = 0; i < n; i++); /* { dg-warning {empty body on the same line as 'for' \[-Wstyle-empty-body\]} } */
	SPIN(i); /* { dg-bogus "Wstyle" } */
	SPIN_BLOCK(i); /* { dg-bogus "Wstyle" } */
	FOR_EACH(i, 0, 10) /* { dg-bogus "Wstyle" } */
		;
	FOR_EACH(i, 0, 10) {} /* { dg-bogus "Wstyle" } */
	FOR_EACH(i, 0, 10) foo(); /* { dg-warning {statement on the same line as the 'FOR_EACH' loop header \[-Wstyle-loop-body\]} } */
	for_each_bit(i, mask) /* { dg-bogus "Wstyle" } */
		foo();
	if (n)
		forever; /* { dg-warning {empty body on the same line as 'forever' \[-Wstyle-empty-body\]} } */
	return i;
}
