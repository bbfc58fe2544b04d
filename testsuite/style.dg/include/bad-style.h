/* A header with violations: reported at the header's lines.  */
static inline int bad_style(int x)
{
	if (x > 1) return 1;
	return 0;
}
