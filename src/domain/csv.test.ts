import { describe, expect, it } from 'vitest'
import { csvField, csvLine, spreadsheetText } from './csv'

describe('csvField (RFC 4180)', () => {
  it('quotes only what needs it and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('cr\rhere')).toBe('"cr\rhere"')
    expect(csvField(' padded')).toBe('" padded"')
    expect(csvField('padded ')).toBe('"padded "')
    expect(csvField(null)).toBe('')
    expect(csvField(false)).toBe('false')
    expect(csvLine(['x', 1, null])).toBe('x,1,\r\n')
  })

  it('quotes a semicolon or a tab, so a spreadsheet splitting on them keeps the field whole', () => {
    expect(csvField('a;=1+1')).toBe('"a;=1+1"')
    expect(csvField('a\tb')).toBe('"a\tb"')
  })
})

describe('the cell rule: formulas become text, numbers stay numbers', () => {
  it('puts an apostrophe before text starting with =, +, -, @, a tab or a carriage return', () => {
    expect(spreadsheetText('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")')
    expect(spreadsheetText('+1')).toBe("'+1")
    expect(spreadsheetText('-2+3')).toBe("'-2+3")
    expect(spreadsheetText('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(spreadsheetText('\t=1')).toBe("'\t=1")
    expect(spreadsheetText('\r=1')).toBe("'\r=1")
    expect(spreadsheetText('-')).toBe("'-")
    expect(spreadsheetText('+12.50')).toBe("'+12.50")
    expect(spreadsheetText('-1e5')).toBe("'-1e5")
    expect(spreadsheetText('-12,50')).toBe("'-12,50")
  })

  it('leaves other text and plain decimals as they are', () => {
    for (const text of [
      '',
      'Corner Shop',
      'a=b',
      "'quoted",
      '2026-03-02',
      '12.50',
      '-12.50',
      '-0.05',
      '-3',
      'x-1',
    ]) {
      expect(spreadsheetText(text), text).toBe(text)
    }
  })

  it('writes the cells of a row: formulas quoted as text, negative amounts as numbers', () => {
    const line = csvLine([
      '=HYPERLINK("http://x","y")',
      '+1',
      '-2+3',
      '@SUM(A1)',
      '-12.50',
      -12.5,
      '\t=1',
      true,
    ])
    expect(line).toBe(
      '"\'=HYPERLINK(""http://x"",""y"")",\'+1,\'-2+3,\'@SUM(A1),-12.50,-12.5,"\'\t=1",true\r\n',
    )
  })
})
