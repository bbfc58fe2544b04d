/* Declarations shared by the tests. */
extern void foo(void);
extern void bar(void);
extern int baz(int);
extern void *ERR_PTR(long);
