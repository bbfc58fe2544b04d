/* Fix-its keep CRLF line endings. */
extern void foo(void);

void f(int a)
{
	if (a) foo();
	if (a) foo(); else foo();
}
