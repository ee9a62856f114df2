/**
 * A strict reader of Prometheus' text exposition format (0.0.4), for tests: every line must be a HELP, a TYPE,
 * a blank or a sample, every sample of a declared family, every label value well escaped; anything else
 * throws. (The npm parsers at hand drop a histogram's labels.)
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"`;
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (\\S+)(?: -?\\d+)?$`);
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|[+-]?Inf|NaN)$/i; // as Go's ParseFloat, which Prometheus uses
const SUFFIXES = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] } as const;

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  for (const [index, line] of text.split('\n').entries()) {
    const fail = (why: string) => new Error(`line ${index + 1} ${why}: ${line}`);
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      const family = families.get(name) ?? { name, type: 'untyped', help: '', samples: [] };
      if (kind === 'TYPE' && !/^(counter|gauge|histogram|summary|untyped)$/.test(rest))
        throw fail('bad type');
      if (kind === 'TYPE') family.type = rest;
      else family.help = rest;
      families.set(name, family);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = SAMPLE.exec(line);
    if (!sample || !VALUE.test(sample[sample.length - 1]!)) throw fail('is not a sample');
    const name = sample[1]!;
    const labels = Object.fromEntries(
      [...(sample[2] ?? '').matchAll(new RegExp(LABEL, 'g'))].map((match) => [match[1]!, match[2]!]),
    );
    const family = [...families.values()].find(
      (candidate) =>
        candidate.name === name ||
        (SUFFIXES[candidate.type as keyof typeof SUFFIXES] ?? []).some(
          (suffix) => candidate.name + suffix === name,
        ),
    );
    if (!family) throw fail('has no TYPE');
    family.samples.push({ name, labels, value: Number(sample[sample.length - 1]) });
  }
  return families;
}
