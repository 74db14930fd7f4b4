import type { LabelProvider } from './label-provider.ts';
import { createTestModeProvider } from './test-mode-provider.ts';

/**
 * Picks the provider for a label type uid from config: `byLabelType` overrides, else `default`.
 * With no config every type uses the test-mode provider.
 */
export type ProviderConfig = { default: string; byLabelType?: Record<string, string> };

export type ProviderRegistry = { providerFor(labelTypeUid: string): LabelProvider };

export const createProviderRegistry = (
  providers: readonly LabelProvider[] = [createTestModeProvider()],
  config: ProviderConfig = { default: 'test-mode' },
): ProviderRegistry => {
  const byName = new Map(providers.map((p) => [p.name, p]));
  const wanted = [config.default, ...Object.values(config.byLabelType ?? {})];
  const missing = wanted.filter((n) => !byName.has(n));
  if (missing.length)
    throw new RangeError(`Label provider config names unknown providers: ${missing.join(', ')}`);
  return {
    providerFor(labelTypeUid) {
      const name = config.byLabelType?.[labelTypeUid] ?? config.default;
      return byName.get(name) as LabelProvider;
    },
  };
};
