/* Fix-its in code indented with four spaces: the file's own unit. */
extern void foo(void);
extern void bar(void);

int f(int a)
{
    if (a) return 1;
    if (a) foo(); else bar();
    while (a) {
        if (a > 3) { foo(); }
        a--;
    }
    return 0;
}
