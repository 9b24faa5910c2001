// CAMT.052/053/054 parsing on small inline messages.

import { describe, expect, it } from 'vitest'
import { parseCamt } from './camt'
import { parseStatement } from './parse'
import { StatementError } from './types'

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

type Entry = {
  amount: string
  cd: 'CRDT' | 'DBIT'
  reversal?: boolean
  date?: string
  dateTag?: 'Dt' | 'DtTm'
  status?: string
  ntryRef?: string
  acctSvcrRef?: string
  details?: string
  info?: string
}

function entry(e: Entry): string {
  return (
    `<Ntry>${e.ntryRef ? `<NtryRef>${e.ntryRef}</NtryRef>` : ''}<Amt Ccy="EUR">${e.amount}</Amt><CdtDbtInd>${e.cd}</CdtDbtInd>` +
    `${e.reversal ? '<RvslInd>true</RvslInd>' : ''}<Sts>${e.status ?? 'BOOK'}</Sts>` +
    `<BookgDt><${e.dateTag ?? 'Dt'}>${e.date ?? '2024-03-01'}</${e.dateTag ?? 'Dt'}></BookgDt><ValDt><Dt>2024-03-02</Dt></ValDt>` +
    `${e.acctSvcrRef ? `<AcctSvcrRef>${e.acctSvcrRef}</AcctSvcrRef>` : ''}<NtryDtls>${e.details ?? ''}</NtryDtls>` +
    `${e.info ? `<AddtlNtryInf>${e.info}</AddtlNtryInf>` : ''}</Ntry>`
  )
}

function tx(opts: { cdtr?: string; dbtr?: string; ustrd?: string[]; e2e?: string; amount?: string; pty?: boolean }): string {
  const party = (role: string, name: string | undefined): string =>
    name ? `<${role}>${opts.pty ? `<Pty><Nm>${name}</Nm></Pty>` : `<Nm>${name}</Nm>`}</${role}>` : ''
  return (
    `<TxDtls><Refs>${opts.e2e ? `<EndToEndId>${opts.e2e}</EndToEndId>` : ''}</Refs>` +
    `${opts.amount ? `<Amt Ccy="EUR">${opts.amount}</Amt>` : ''}` +
    `<RltdPties>${party('Dbtr', opts.dbtr)}${party('Cdtr', opts.cdtr)}</RltdPties>` +
    `<RltdAgts><CdtrAgt><FinInstnId><Nm>SOME BANK</Nm></FinInstnId></CdtrAgt></RltdAgts>` +
    `${opts.ustrd ? `<RmtInf>${opts.ustrd.map((u) => `<Ustrd>${u}</Ustrd>`).join('')}</RmtInf>` : ''}</TxDtls>`
  )
}

function balance(code: string, amount: string, cd: string, date: string, ccy = 'EUR'): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${ccy}">${amount}</Amt><CdtDbtInd>${cd}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`
}

function camt053(body: string, account = '<Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy>'): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>' +
    `<GrpHdr><MsgId>M1</MsgId></GrpHdr><Stmt><Id>S1</Id><Acct>${account}</Acct>\n${body}\n</Stmt></BkToCstmrStmt></Document>`
  )
}

describe('parseCamt', () => {
  it('reads entries: signs, dates, payee by direction, memo, references, balances', () => {
    const xml = camt053(
      balance('OPBD', '100.00', 'CRDT', '2024-02-29') +
        balance('CLBD', '50.00', 'DBIT', '2024-03-01') +
        balance('CLAV', '75.50', 'CRDT', '2024-03-01') +
        entry({ amount: '12.34', cd: 'DBIT', acctSvcrRef: 'BANKREF1', ntryRef: 'N1', details: tx({ cdtr: 'Shop  GmbH', dbtr: 'Me', ustrd: ['Invoice 42', 'thanks'], e2e: 'E2E1' }) }) +
        entry({ amount: '1000', cd: 'CRDT', dateTag: 'DtTm', date: '2024-03-01T23:30:00-05:00', ntryRef: 'N2', details: tx({ dbtr: 'Employer AG', cdtr: 'Me', e2e: 'E2E2' }) }) +
        entry({ amount: '5.00', cd: 'DBIT', details: tx({ cdtr: 'Fee', e2e: 'NOTPROVIDED' }), info: 'Account fee' }),
    )
    const r = parseCamt(utf8(xml))
    expect(r.errors).toEqual([])
    expect(r.accounts).toHaveLength(1)
    const a = r.accounts[0]
    expect(a).toMatchObject({
      key: 'DE89370400440532013000',
      name: 'CAMT DE89…3000',
      numberLast4: '3000',
      type: 'checking',
      currency: 'EUR',
      ledgerBalance: { amount: -5000, date: '2024-03-01' },
      availableBalance: { amount: 7550, date: '2024-03-01' },
    })
    expect(a?.transactions.map((t) => [t.date, t.amount, t.payee, t.memo, t.externalId])).toEqual([
      ['2024-03-01', -1234, 'Shop GmbH', 'Invoice 42 thanks', 'BANKREF1'],
      ['2024-03-01', 100000, 'Employer AG', '', 'N2'],
      ['2024-03-01', -500, 'Fee', 'Account fee', null],
    ])
    expect(a?.transactions[0]?.line).toBe(3)
  })

  it('takes the direction of a reversal from CdtDbtInd and says it is a reversal', () => {
    const r = parseCamt(utf8(camt053(entry({ amount: '6.00', cd: 'DBIT', reversal: true, details: tx({ cdtr: 'Gym' }) }))))
    expect(r.accounts[0]?.transactions[0]).toMatchObject({ amount: -600, memo: 'Reversal', payee: 'Gym' })
  })

  it('splits a batch entry into its transaction details, each with its counterparty, line and reference', () => {
    const details = tx({ dbtr: 'Anna', amount: '10.00', e2e: 'E-1' }) + tx({ dbtr: 'Ben', amount: '8.00' }) + tx({ dbtr: 'Anna', amount: '2.00' })
    const r = parseCamt(utf8(camt053(entry({ amount: '20.00', cd: 'CRDT', acctSvcrRef: 'B1', details }))))
    const rows = r.accounts[0]?.transactions ?? []
    expect(rows.map((t) => [t.amount, t.payee, t.externalId])).toEqual([
      [1000, 'Anna', 'E-1'],
      [800, 'Ben', 'B1/2'],
      [200, 'Anna', 'B1/3'],
    ])
  })

  it('keeps a batch entry as one row, its details listed in the memo, when their amounts do not add up to it', () => {
    const details = tx({ dbtr: 'Anna', amount: '10.00' }) + tx({ dbtr: 'Ben', amount: '8.00' }) + tx({ dbtr: 'Anna' })
    const r = parseCamt(utf8(camt053(entry({ amount: '20.00', cd: 'CRDT', acctSvcrRef: 'B1', details }))))
    expect(r.accounts[0]?.transactions).toEqual([
      expect.objectContaining({ amount: 2000, payee: '', memo: 'Batch of 3: Anna 10.00, Ben 8.00, Anna', externalId: 'B1' }),
    ])
  })

  it('uses EndToEndId when the entry has no reference, and Pty names (version .08)', () => {
    const xml = camt053(entry({ amount: '1', cd: 'CRDT', details: tx({ dbtr: 'Pat', pty: true, e2e: 'E-1' }) })).replace('camt.053.001.02', 'camt.053.001.08')
    expect(parseCamt(utf8(xml)).accounts[0]?.transactions[0]).toMatchObject({ payee: 'Pat', externalId: 'E-1' })
  })

  it('skips pending entries with a warning', () => {
    const r = parseCamt(utf8(camt053(entry({ amount: '1', cd: 'CRDT', status: 'PDNG' }) + entry({ amount: '2', cd: 'CRDT' }))))
    expect(r.accounts[0]?.transactions.map((t) => t.amount)).toEqual([200])
    expect(r.warnings[0]?.message).toMatch(/not booked/)
  })

  it('reports bad entries by line and keeps the good ones', () => {
    const r = parseCamt(
      utf8(camt053([entry({ amount: 'x', cd: 'CRDT' }), entry({ amount: '1', cd: 'CRDT', date: '2024-02-30' }), entry({ amount: '2', cd: 'CRDT' })].join('\n'))),
    )
    expect(r.accounts[0]?.transactions.map((t) => t.amount)).toEqual([200])
    expect(r.errors).toEqual([
      { line: 3, message: 'Line 3: "x" is not an amount' },
      { line: 4, message: 'Line 4: "2024-02-30" is not a valid date' },
    ])
  })

  it('merges statements of one account, reads Othr/Id accounts, prefixes and camt.052/054 roots', () => {
    const stmt = (id: string, amount: string): string =>
      `<ns2:Stmt><ns2:Acct><ns2:Id><ns2:Othr><ns2:Id>${id}</ns2:Id></ns2:Othr></ns2:Id></ns2:Acct>` +
      `<ns2:Ntry><ns2:Amt Ccy="CHF">${amount}</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd><ns2:BookgDt><ns2:Dt>2024-01-01</ns2:Dt></ns2:BookgDt></ns2:Ntry></ns2:Stmt>`
    const xml = `<ns2:Document xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><ns2:BkToCstmrStmt>${stmt('123-456', '1')}${stmt('123-456', '2')}${stmt('999', '3')}</ns2:BkToCstmrStmt></ns2:Document>`
    const r = parseStatement(utf8(xml))
    expect(r.format).toBe('camt')
    expect(r.accounts.map((a) => [a.key, a.currency, a.transactions.length])).toEqual([
      ['123-456', 'CHF', 2],
      ['999', 'CHF', 1],
    ])
    const report = camt053(entry({ amount: '1', cd: 'DBIT' })).replace(/BkToCstmrStmt/g, 'BkToCstmrAcctRpt').replace(/Stmt>/g, 'Rpt>')
    expect(parseStatement(utf8(report)).accounts[0]?.transactions).toHaveLength(1)
    const notification = camt053(entry({ amount: '1', cd: 'DBIT' })).replace(/BkToCstmrStmt/g, 'BkToCstmrDbtCdtNtfctn').replace(/Stmt>/g, 'Ntfctn>')
    expect(parseStatement(utf8(notification)).accounts[0]?.transactions).toHaveLength(1)
  })

  it('honours the encoding declaration', () => {
    const xml = camt053(entry({ amount: '1', cd: 'DBIT', details: tx({ cdtr: 'Müller', ustrd: ['Straße'] }) })).replace('UTF-8', 'ISO-8859-1')
    const bytes = Uint8Array.from([...xml].map((c) => c.charCodeAt(0)))
    expect(parseCamt(bytes).accounts[0]?.transactions[0]).toMatchObject({ payee: 'Müller', memo: 'Straße' })
  })

  it('refuses DTDs and entities (billion laughs) and XML that is not CAMT', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      '<Document><BkToCstmrStmt><Stmt><Ntry><AddtlNtryInf>&lol2;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>'
    expect(() => parseCamt(utf8(laughs))).toThrow(StatementError)
    expect(() => parseStatement(utf8(laughs))).toThrow(/DTD/)
    expect(() => parseCamt(utf8('<?xml version="1.0"?><Document><Other/></Document>'))).toThrow(StatementError)
  })
})
