/* Labels are not statements: "case X: return 1;" is one statement on
   its line (checkpatch.pl exempts it too); a second one is reported.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int x)
{
	switch (x) {
	case 1: return 1; /* { dg-bogus "Wstyle" } */
	case 2: foo(); break; /* { dg-warning "same line as the previous statement @multi-stmt@" } */
	case 3: /* { dg-bogus "Wstyle" } */
		bar();
		break;
	default: break; /* { dg-bogus "Wstyle" } */
	}
again: if (x--) goto again; /* { dg-warning "@if-body@" } */
	return 0;
}
