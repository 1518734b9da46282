// The chosen file's code, coloured. Loaded only when a preview opens (the highlighter is not in the
// app's first download). prism-react-renderer: a small, well-kept highlighter that renders React
// elements (no innerHTML, no WASM), with the grammars of the generated files (Java as C-like) bundled.
import { useComputedColorScheme } from '@mantine/core'
import { Highlight, themes, type PrismTheme } from 'prism-react-renderer'

// The light theme's colours (GitHub's) fall below the 4.5:1 contrast readable text needs on its
// background (comments 2.7:1): the same roles in GitHub's newer palette, each 4.7:1 or more.
const light: PrismTheme = {
  plain: { color: '#24292f', backgroundColor: '#f6f8fa' },
  styles: [
    {
      types: ['comment', 'prolog', 'doctype', 'cdata'],
      style: { color: '#57606a', fontStyle: 'italic' },
    },
    { types: ['string', 'attr-value', 'template-string'], style: { color: '#0a3069' } },
    { types: ['punctuation', 'operator'], style: { color: '#24292f' } },
    {
      types: [
        'entity',
        'url',
        'symbol',
        'number',
        'boolean',
        'variable',
        'constant',
        'property',
        'regex',
        'inserted',
      ],
      style: { color: '#0550ae' },
    },
    { types: ['atrule', 'keyword', 'attr-name', 'selector', 'tag'], style: { color: '#cf222e' } },
    { types: ['function', 'function-variable', 'class-name'], style: { color: '#8250df' } },
    { types: ['deleted'], style: { color: '#953800' } },
  ],
}

// VS Code's dark colours, but for the three below 4.5:1 on its background (constants, prologs and
// some punctuation), lightened.
const LIGHTER: Record<string, string> = {
  'rgb(100, 102, 149)': '#a5a8e6',
  'rgb(0, 0, 128)': '#6a9955',
  '#808080': '#a8a8a8',
}
const dark: PrismTheme = {
  ...themes.vsDark,
  styles: themes.vsDark.styles.map((s) =>
    s.style.color && LIGHTER[s.style.color]
      ? { ...s, style: { ...s.style, color: LIGHTER[s.style.color] } }
      : s,
  ),
}

export default function CodeHighlight({ code, language }: { code: string; language: string }) {
  const scheme = useComputedColorScheme('light')
  return (
    <Highlight code={code} language={language} theme={scheme === 'dark' ? dark : light}>
      {({ style, tokens, getLineProps, getTokenProps }) => (
        <pre style={{ ...style, margin: 0, padding: 12, fontSize: 13, minWidth: 'max-content' }}>
          {tokens.map((line, i) => (
            <div key={i} {...getLineProps({ line })}>
              {line.map((token, key) => (
                <span key={key} {...getTokenProps({ token })} />
              ))}
            </div>
          ))}
        </pre>
      )}
    </Highlight>
  )
}
