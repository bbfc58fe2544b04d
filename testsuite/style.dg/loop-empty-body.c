/* An empty loop body, "while (busy());" or "for (;;);", is not a
   statement on the line: silent by default (checkpatch.pl reports it).  */
/* { dg-do compile } */
#include "style-common.h"

void f(int n)
{
	while (baz(n)); /* { dg-bogus "Wstyle" } */
	for (; n > 0; n--); /* { dg-bogus "Wstyle" } */
	while (baz(n)) {} /* { dg-bogus "Wstyle" } */
	if (n) ; /* { dg-bogus "Wstyle" } */
}
