/* The canary: a violation that every compile including it must report
   (scripts/lib.sh, -include).  */
static inline int style_canary(int x)
{
	if (x) return 1;
	return 0;
}
