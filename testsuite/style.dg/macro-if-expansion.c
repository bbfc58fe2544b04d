/* An if that comes wholly from one macro expansion is the macro's
   business: it is not reported where the macro is used.  */
/* { dg-do compile } */
#include "style-common.h"

#define CHECK(x) do { if (!(x)) foo(); } while (0)
#define WARN_ON(c) ({ int __r = !!(c); if (__r) bar(); __r; })
#define for_each_if(cond) if (!(cond)) {} else
#define for_each_set(i, n) for ((i) = 0; (i) < (n); (i)++) for_each_if((i) & 1)
#define MIN_OR(a, b) ({ int _a = (a); if (_a > (b)) _a = (b); _a; })

int f(int x)
{
	int i;

	CHECK(x); /* { dg-bogus "Wstyle" } */
	WARN_ON(x > 3); /* { dg-bogus "Wstyle" } */
	for_each_set(i, x) /* { dg-bogus "Wstyle" } */
		bar();
	return MIN_OR(x, 4); /* { dg-bogus "Wstyle" } */
}
