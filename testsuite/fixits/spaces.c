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
    switch (a) {
        /* lib/zstd: the 'if' after the label, its body and the 'break' */
        case 0 : if (a > 1) foo(); break;
        case 1 : if (a) foo(); else bar(); break;
        default: break;
    }
    return 0;
}
