/* Every kind of statement as an else body on the line of its 'else':
   the trees place some of them at an inner token (a return at its value,
   a while at its '(', a for at its first clause, a do at its body).  */
/* { dg-do compile } */
#include "style-common.h"

int f(int x, int *p)
{
	int i;

	for (;;) {
		if (x) foo(); else break; /* { dg-warning "same line as .else. @else-body@" } */
		/* { dg-warning "same line as the .if. condition @if-body@" "" { target *-*-* } .-1 } */
	}
	if (x)
		foo();
	else return x; /* { dg-warning "same line as .else. @else-body@" } */
	if (x)
		foo();
	else return baz(x) + 1; /* { dg-warning "same line as .else. @else-body@" } */
	if (x)
		foo();
	else goto out; /* { dg-warning "same line as .else. @else-body@" } */
	if (x)
		foo();
	else switch (x) { case 1: foo(); } /* { dg-warning "same line as .else. @else-body@" } */
	if (x)
		foo();
	else while (x) x--; /* { dg-warning "same line as .else. @else-body@" } */
	/* { dg-warning "same line as the .while. loop header @loop-body@" "" { target *-*-* } .-1 } */
	if (x)
		foo();
	else for (i = 0; i < x; i++) foo(); /* { dg-warning "same line as .else. @else-body@" } */
	/* { dg-warning "same line as the .for. loop header @loop-body@" "" { target *-*-* } .-1 } */
	if (x)
		foo();
	else for (int j = 0; j < x; j++) foo(); /* { dg-warning "same line as .else. @else-body@" } */
	/* { dg-warning "same line as the .for. loop header @loop-body@" "" { target *-*-* } .-1 } */
	if (x)
		foo();
	else do x--; while (x); /* { dg-warning "same line as .else. @else-body@" } */
	/* { dg-warning "same line as .do. @do-body@" "" { target *-*-* } .-1 } */
	if (x)
		foo();
	else asm("nop"); /* { dg-warning "same line as .else. @else-body@" } */
	if (x)
		foo();
	else ({ foo(); }); /* { dg-warning "same line as .else. @else-body@" } */
	if (x)
		foo();
	else x += 2, foo(); /* { dg-warning "same line as .else. @else-body@" } */
	if (x)
		foo();
	else x = x ? 1 : 2; /* { dg-warning "same line as .else. @else-body@" } */
out:
	return 0;
}
