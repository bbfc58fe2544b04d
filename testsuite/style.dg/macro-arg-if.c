/* An if written inside a macro argument is part of the expansion; the
   kernel's DEFINE_FREE() and similar helpers take such code.  */
/* { dg-do compile } */
#include "style-common.h"

#define DEFINE_FREE(name, type, free) \
	static inline void __free_##name(void *p) { type _T = *(type *)p; free; }
#define RUN(stmt) do { stmt; } while (0)

extern void kfree(void *);
DEFINE_FREE(kfree, void *, if (_T) kfree(_T)) /* { dg-bogus "Wstyle" } */

void f(int x)
{
	RUN(if (x) foo()); /* { dg-bogus "Wstyle" } */
}
