/* Fix-its in tab-indented code. */
extern void foo(void);
extern void bar(void);
extern int baz(int);

int f(int a, int b, int *p)
{
	if (a) return 1;
	if (a) foo(); else bar();
	if (a) { foo(); }
	if (a) {
		foo();
	} else { bar(); }
	if (a) {
		foo();
	} else b = 3;
	if (a &&
	    b) return 2;
	if (a) foo(); /* a comment stays with its statement */
	if (a) if (b) foo(); else bar();
	if (a) { int y = b; baz(y); }
	switch (a) {
	case 1: if (b) return 3;
		break;
	}
	if (a) foo();	   
	if (a)
		foo();
	else *p = 4;
	return 0;
}
