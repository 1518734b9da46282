// The chosen file's code, coloured. Loaded only when a preview opens (the highlighter is not in the
// app's first download). prism-react-renderer: a small, well-kept highlighter that renders React
// elements (no innerHTML, no WASM), with the grammars of the generated files (Java as C-like) bundled.
import { useComputedColorScheme } from '@mantine/core'
import { Highlight, themes } from 'prism-react-renderer'

export default function CodeHighlight({ code, language }: { code: string; language: string }) {
  const dark = useComputedColorScheme('light') === 'dark'
  return (
    <Highlight code={code} language={language} theme={dark ? themes.vsDark : themes.github}>
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
