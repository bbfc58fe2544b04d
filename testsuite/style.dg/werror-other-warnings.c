/* Under -Werror, GCC's own warnings still become errors, style ones do
   not.  */
/* { dg-do compile } */
/* { dg-options "-Werror -Wunused-variable" } */
#include "style-common.h"

void f(int x)
{
	int unused; /* { dg-error "unused variable .unused. .-Werror=unused-variable." } */

	if (x) foo(); /* { dg-warning "@if-body@" } */
}
/* { dg-message "all warnings being treated as errors" "" { target *-*-* } 0 } */
