/* Lone CRs in comments and next to literals: each ends a line, as in
   GCC's own c-c++-common/Wmisleading-indentation-pr70693.c, where a CR
   in a comment moves every line after it one down.  The escapes "\r"
   and '\r' in literals are not line ends.  */
/* { dg-do compile } */
#include "style-common.h"

int in_what; /*            */

void process_char(char c)
{
	switch (0) {
	case 0:
		if (c == '>') in_what = 0; /* { dg-warning {statement on the same line as the 'if' condition \[-Wstyle-if-body\]} } */
		break;
	}
}

/* a block comment over   lines ended   by lone CRs */
int g(int a)
{
	const char *s = "\r"; /* { dg-bogus "Wstyle" } */
	char cr = '\r';
	if (a == '\r') foo(); /* { dg-warning {statement on the same line as the 'if' condition \[-Wstyle-if-body\]} } */
	// a line comment ended by a lone CR:	if (s[0] == cr) a++; /* { dg-warning {statement on the same line as the 'if' condition \[-Wstyle-if-body\]} } */
	if (a) /* a comment with a lone CR:		   the body is on the next line */ foo(); /* { dg-bogus "Wstyle" } */
	if (a) /* { dg-bogus "Wstyle" } */		bar();
	return a; /* { dg-bogus "Wstyle" } */
}
