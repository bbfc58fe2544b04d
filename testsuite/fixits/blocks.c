/*
 * Fix-its in space-indented code like lib/zstd: the step comes from the
 * enclosing block, not from the next function's parameter lines; a block
 * opened at the start of a line indents what it holds.
 */
typedef unsigned int U32;
extern void foo(void);
extern int rep[3], prev[3];

static int f(int *t, int start, int end, int e)
{
    int u;

    if (e)
    {
        for (u = start; u < end; u++) t[u] = e;
        { U32 i; for (i = 0; i < 3; i++) prev[i] = rep[i]; }
        { if (e > 3) { t[0] += 2; foo(); } }
    }
    if (e < 0) return -1;
    return 0;
}

static int g(const void* src, int srcSize,
      int *dst)
{
    /* a comment line
     * with odd indentation */
    return src && srcSize > 0 && dst;
}

int h(int *t, int e)
{
    return f(t, 0, 3, e) + g(t, e, t);
}
