// SPDX-License-Identifier: GPL-2.0
/*
 * style_options - the bottom of style_plugin: the rules, from
 * style_rules.def, which of them are on, the options, the notes said once
 */

#include "style_compat.h"
#include "style_options.h"

const struct style_rule_info style_rules[NR_RULES] = {
#define STYLE_RULE(id, tag, on, msg, name, text, full, anchor) \
	[RULE_##id] = { "style-" tag, on, msg, name, text, full, anchor },
#include "style_rules.def"
#undef STYLE_RULE
};

bool rule_enabled[NR_RULES];
bool style_disabled;
bool style_as_error;
bool rule_as_error[NR_RULES];
const char *once_dir;

void style_rules_init(void)
{
	for (int i = 0; i < NR_RULES; i++)
		rule_enabled[i] = style_rules[i].on;
}

int style_rule_index(const char *name, size_t len)
{
	for (int i = 0; i < NR_RULES; i++) {
		const char *r = style_rules[i].name + strlen("style-");

		if (strlen(r) == len && !strncmp(r, name, len))
			return i;
	}
	return -1;
}

/* Notes said once per compilation. */
void note_once(bool *said, const char *msg)
{
	if (*said)
		return;
	*said = true;
	inform(UNKNOWN_LOCATION, "%s", msg);
}
