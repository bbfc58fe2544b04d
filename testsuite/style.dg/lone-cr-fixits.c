/* After a lone CR, GCC's fix-it machinery, which counts lines by "\n"
   alone, would put a fix on another line than libcpp's: no fix-it is
   given there (any "fix-it:" line would be an excess error).  */
/* { dg-do compile } */
/* { dg-options "-fdiagnostics-parseable-fixits" } */
#include "style-common.h"

int f(int a)
{ /* a lone CR ends this line */	if (a) return 1; /* { dg-warning {statement on the same line as the 'if' condition \[-Wstyle-if-body\]} } */
	return 0;
}
