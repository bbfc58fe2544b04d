/* -save-temps compiles the preprocessed output: the check is off, and
   says so once.  */
/* { dg-do compile } */
/* { dg-options "-save-temps" } */
/* { dg-message "note: style_plugin: preprocessed input is not checked" "" { target *-*-* } 0 } */
#define BUG() do { __builtin_trap(); } while (0)

int f(int x)
{
	if (x) BUG(); /* { dg-bogus "Wstyle" } */
	return 0;
}
