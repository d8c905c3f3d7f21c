import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every relative link in the repository's own Markdown (README.md, docs/, .github/) points at a file that exists and,
 * with a #fragment, at a heading of that file, as GitHub renders it. External links (any scheme: https:, mailto:) are
 * not followed. The site's content (src/content/) is left out: its links are the site's URLs, not repository paths.
 */

/** Tracked Markdown files, as a fresh clone has them (an untracked draft is not checked until it is added). */
function markdownFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z', '--', '*.md'], { encoding: 'utf8' }).split('\0');
  return tracked.filter(
    (file) =>
      file !== '' &&
      !/^(node_modules|dist|\.netlify|\.astro|src\/content)\//.test(file) &&
      !/(^|\/)(CHANGELOG|CHANGES|HISTORY)[^/]*\.md$/i.test(file),
  );
}

/**
 * GitHub's heading ids, as github-slugger 2.0 makes them: lower-case, drop every character that is not alphabetic
 * (letters, letter-numbers, circled letters), a mark, a digit, a connector (`_`), `-` or a space (so `²` and `½` go
 * too), then each space becomes `-`. Written here rather than imported: github-slugger is only a transitive dependency
 * (through astro), not one of ours. Checked against it on every character of the Basic Multilingual Plane: the same
 * but for 135 that github-slugger drops and this keeps, characters newer than its Unicode tables.
 */
function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{Alphabetic}\p{M}\p{Nd}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** A heading's text as GitHub renders it: code spans keep their text, links and images their label, no markup. */
function headingText(raw: string): string {
  return raw
    .split(/(`+[^`]*`+)/)
    .map((part, index) =>
      index % 2 === 1
        ? part.replace(/^`+ ?|`+$/g, '').replace(/ $/, '')
        : part
            .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/<[^>]+>/g, '')
            // `_` marks emphasis only where it is not inside a word (TCP_NODELAY keeps its `_`).
            .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1'),
    )
    .join('')
    .trim();
}

/** The text with fenced code, code spans and HTML comments blanked (same length, same lines), so links and headings
 * shown as code are not read. */
function blankCode(text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  let inFence: string | null = null;
  const lines = text.split('\n').map((line) => {
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (inFence !== null) {
      if (fence !== undefined && fence[0] === inFence[0] && fence.length >= inFence.length) inFence = null;
      return blank(line);
    }
    if (fence !== undefined) {
      inFence = fence;
      return blank(line);
    }
    return line;
  });
  return (
    lines
      .join('\n')
      .replace(/<!--[\s\S]*?-->/g, blank)
      // A code span: a run of backticks to the next run of the same length, within one paragraph.
      .replace(/(?<!`)(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])*?(?<!`)\1(?!`)/g, blank)
  );
}

/** The ids a Markdown file's headings get on GitHub (repeats numbered -1, -2, …), and explicit `<a id|name>` ones. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const add = (raw: string) => {
    const base = githubSlug(headingText(raw));
    let id = base;
    while (anchors.has(id)) {
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      id = `${base}-${n}`;
    }
    anchors.add(id);
  };
  // Blanked lines say where headings are (not in code); the text, code spans included, comes from the original.
  const original = text.split('\n');
  const lines = blankCode(text).split('\n');
  lines.forEach((line, i) => {
    if (/^ {0,3}#{1,6}([ \t]|$)/.test(line)) {
      add(/^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(original[i]!)?.[1] ?? '');
      return;
    }
    // A setext heading: a paragraph line underlined with = or -.
    const previous = lines[i - 1];
    if (
      /^ {0,3}(=+|-+)[ \t]*$/.test(line) &&
      previous !== undefined &&
      previous.trim() !== '' &&
      !/^ {0,3}([-*+>|#]|\d+[.)])/.test(previous)
    ) {
      add(original[i - 1]!.trim());
    }
  });
  for (const match of text.matchAll(/<a\s+(?:[^>]*\s)?(?:id|name)=["']([^"']+)["']/g)) anchors.add(match[1]!);
  return anchors;
}

interface Link {
  line: number;
  target: string;
}

/** Inline links and images `[text](target "title")`, whose text may run over lines, and definitions `[ref]: target`. */
function linksOf(text: string): Link[] {
  const source = blankCode(text);
  const lineAt = (offset: number) => source.slice(0, offset).split('\n').length;
  const links: Link[] = [];
  const inline =
    /!?\[(?:[^[\]]|\[[^\]]*\])*\]\([ \t]*(?:<([^>\n]*)>|([^)\s]+))(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*\)/g;
  for (const match of source.matchAll(inline)) {
    const target = (match[1] ?? match[2])!;
    links.push({ line: lineAt(match.index + match[0].lastIndexOf(target)), target });
  }
  for (const match of source.matchAll(/^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)>?/gm)) {
    links.push({ line: lineAt(match.index), target: match[1]! });
  }
  return links.sort((a, b) => a.line - b.line);
}

const anchorCache = new Map<string, Set<string>>();

interface Files {
  read(path: string): string;
  /** 'file', 'directory', or undefined when there is nothing at the path. */
  kind(path: string): 'file' | 'directory' | undefined;
}

const disk: Files = {
  read: (path) => readFileSync(path, 'utf8'),
  kind: (path) => (existsSync(path) ? (statSync(path).isDirectory() ? 'directory' : 'file') : undefined),
};

/** What is wrong with each relative link of one file (repository-relative path), as `file:line: target: why`. */
function brokenLinks(file: string, files: Files = disk): string[] {
  const problems: string[] = [];
  for (const { line, target } of linksOf(files.read(file))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? '' : decodeURIComponent(target.slice(hash + 1));
    const resolved =
      pathPart === '' ? file : normalize(pathPart.startsWith('/') ? pathPart.slice(1) : join(dirname(file), pathPart));
    const where = `${file}:${line}: ${target}`;
    const kind = files.kind(resolved);
    if (kind === undefined) {
      problems.push(`${where}: no file ${resolved}`);
      continue;
    }
    if (anchor === '') continue;
    if (kind === 'directory' || !/\.md$/i.test(resolved)) {
      // GitHub's line anchors are the only ones a file that is not Markdown has.
      if (!/^L\d+(C\d+)?(-L\d+(C\d+)?)?$/.test(anchor)) problems.push(`${where}: ${resolved} has no headings`);
      continue;
    }
    let anchors = anchorCache.get(resolved);
    if (!anchors) {
      anchors = anchorsOf(files.read(resolved));
      anchorCache.set(resolved, anchors);
    }
    if (!anchors.has(anchor)) problems.push(`${where}: no heading #${anchor} in ${resolved}`);
  }
  return problems;
}

describe('the checker', () => {
  it("makes GitHub's heading ids", () => {
    expect(githubSlug(headingText('"Talk to a person" starts the chat\'s lead flow'))).toBe(
      'talk-to-a-person-starts-the-chats-lead-flow',
    );
    expect(githubSlug(headingText('React islands mounted by our own loaders, in `npm run dev`'))).toBe(
      'react-islands-mounted-by-our-own-loaders-in-npm-run-dev',
    );
    expect(githubSlug(headingText('TCP_NODELAY patch for the local engine'))).toBe(
      'tcp_nodelay-patch-for-the-local-engine',
    );
    expect(githubSlug(headingText('Tailwind 4 through @tailwindcss/vite'))).toBe('tailwind-4-through-tailwindcssvite');
    expect(githubSlug(headingText('Qué recibe OpenAI (EU AI Act Art. 50)'))).toBe('qué-recibe-openai-eu-ai-act-art-50');
    expect(githubSlug(headingText('A [linked](x.md) and _stressed_ heading'))).toBe('a-linked-and-stressed-heading');
    expect(githubSlug(headingText('Two  spaces, kept'))).toBe('two--spaces-kept');
  });

  it('numbers repeated headings, reads setext headings and skips headings in code', () => {
    const text = [
      '# Numbers',
      '## Numbers',
      '### Numbers ###',
      '## In `npm run dev`',
      '',
      'Other `code`',
      '-----',
      '',
      '```',
      '# Not a heading',
      '```',
      '<a id="here"></a>',
    ].join('\n');
    expect([...anchorsOf(text)]).toEqual(['numbers', 'numbers-1', 'numbers-2', 'in-npm-run-dev', 'other-code', 'here']);
  });

  it('finds links over wrapped lines, with titles and as definitions, not in code', () => {
    const text = [
      'See [the long',
      'text](a.md#x) and ![img](b.png "title").',
      '`[code](c.md)`',
      '```',
      '[fenced](d.md)',
      '```',
      '[ref]: e.md#y',
      'Mail [us](mailto:x@y.z).',
    ].join('\n');
    expect(linksOf(text)).toEqual([
      { line: 2, target: 'a.md#x' },
      { line: 2, target: 'b.png' },
      { line: 7, target: 'e.md#y' },
      { line: 8, target: 'mailto:x@y.z' },
    ]);
  });

  it('names a missing file, a missing heading and a bad anchor with file and line', () => {
    const text =
      '# Title\n\n[ok](#title) [gone](#nope)\n[up](../README.md) [none](missing.md)\n[ts](../package.json#x)';
    const files: Files = {
      read: (path) => (path === 'docs/x.md' ? text : disk.read(path)),
      kind: (path) => (path === 'docs/x.md' ? 'file' : disk.kind(path)),
    };
    anchorCache.delete('docs/x.md');
    expect(brokenLinks('docs/x.md', files)).toEqual([
      'docs/x.md:3: #nope: no heading #nope in docs/x.md',
      'docs/x.md:4: missing.md: no file docs/missing.md',
      'docs/x.md:5: ../package.json#x: package.json has no headings',
    ]);
    anchorCache.delete('docs/x.md');
  });
});

describe("the repository's Markdown links", () => {
  const files = markdownFiles();

  it('reads README.md and docs/', () => {
    expect(files).toContain('README.md');
    expect(files.filter((file) => file.startsWith('docs/')).length).toBeGreaterThan(3);
  });

  it.each(files)('%s: every relative link reaches its file and heading', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
