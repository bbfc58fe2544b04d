/* Lone CR line ends: libcpp ends a line at "\n", "\r\n" or a lone
   "\r", and so does the plugin; this file uses all three.  */
/* { dg-do compile } */#include "style-common.h"int f(int a){	if (a) return 1; /* { dg-warning {statement on the same line as the 'if' condition \[-Wstyle-if-body\]} } */	if (a)		foo(); /* { dg-bogus "Wstyle" } */	if (a) {
		foo();
	} else bar(); /* { dg-warning {statement on the same line as 'else' \[-Wstyle-else-body\]} } */	while (a > 9) a--; /* { dg-warning {statement on the same line as the 'while' loop header \[-Wstyle-loop-body\]} } */
	if (a &&	    a > 1) foo(); /* { dg-warning {statement on the same line as the 'if' condition \[-Wstyle-if-body\]} } */	if (a >	    2)		foo(); /* { dg-bogus "Wstyle" } */
	a++; a--; /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */	return 0;}