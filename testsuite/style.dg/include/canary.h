/* The canary: a violation that every compile including it must report
   (testsuite/lib/common.sh, -include).  */
static inline int style_canary(int x)
{
	if (x) return 1;
	return 0;
}
