// Query keys of the rules page: URL parts under '/api/rules'.
export const RULES_ROOT = '/api/rules'

export const ruleKeys = {
  all: [RULES_ROOT] as const,
}
