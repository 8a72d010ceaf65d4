// German: the frame's cards (texts.ts ENGLISH), in the register and wallet words of
// packages/react/src/locales/de.ts. Translated by an LLM-based engineer by meaning;
// native-speaker review pending. Formal "Sie"; Wallet, Passkey, signieren, Transaktion, Netzwerk.
import type { FrameTexts } from '../../texts.ts'

export default {
  approval: {
    approve: 'Genehmigen',
    reject: 'Ablehnen',
    confirm: 'Bestätigen',
    back: 'Zurück',
    waiting:
      '„Genehmigen“ wird aktiv, sobald dieses Fenster eine halbe Sekunde lang vollständig sichtbar und unbewegt war.',
    confirmStep:
      'Dieser Browser kann nicht prüfen, ob etwas dieses Fenster verdeckt. Deshalb braucht das Senden von Beträgen einen zweiten Schritt. Prüfen Sie die Angaben oben und wählen Sie dann „Bestätigen“.',
    asks: '{who} bittet Sie, {action}',
    thisSite: 'Diese Website',
    waitingRequests: {
      one: '{count} weitere Anfrage wartet',
      other: '{count} weitere Anfragen warten',
    },
  },
  passkey: {
    addTitle: 'Passkey hinzufügen',
    addBody:
      'Melden Sie sich künftig mit der Displaysperre dieses Geräts oder einem Sicherheitsschlüssel an, ganz ohne E-Mail-Code.',
    addButton: 'Passkey erstellen',
    signInTitle: 'Mit einem Passkey anmelden',
    signInBody: 'Verwenden Sie den Passkey, den Sie dieser Wallet hinzugefügt haben.',
    signInButton: 'Passkey verwenden',
    cancel: 'Abbrechen',
    failed: 'Der Passkey wurde nicht verwendet. Versuchen Sie es erneut oder brechen Sie ab.',
    working: 'Warten auf Ihren Passkey…',
  },
  export: {
    title: 'Privaten Schlüssel exportieren',
    warning:
      'Wer diesen Schlüssel hat, kontrolliert Ihre Wallet und alles darin. Geben Sie ihn niemals weiter: Keine App, kein Support-Team und niemand sonst braucht ihn. Zeigen Sie ihn nur an, wo niemand Ihren Bildschirm sehen kann.',
    understand: 'Ich verstehe, dass jeder mit diesem Schlüssel meine Wallet kontrolliert',
    show: 'Schlüssel anzeigen',
    cancel: 'Abbrechen',
    keyLabel: 'Ihr privater Schlüssel (verdeckt, bis Sie „Aufdecken“ gedrückt halten)',
    reveal: 'Zum Aufdecken gedrückt halten',
    copy: 'Kopieren',
    copied:
      'Kopiert. Bewahren Sie ihn an einem sicheren Ort auf und leeren Sie dann Ihre Zwischenablage.',
    copyFailed:
      'Kopieren fehlgeschlagen. Halten Sie „Aufdecken“ gedrückt und schreiben Sie den Schlüssel stattdessen ab.',
    done: 'Fertig',
    working: 'Ihre Anmeldung wird geprüft…',
    freshFactor:
      'Zu Ihrer Sicherheit ist zum Anzeigen Ihres Schlüssels eine Anmeldung oder ein Code aus den letzten 5 Minuten nötig.',
    sendCode: 'Code per E-Mail senden',
    codeSent: 'Geben Sie den Code ein, den wir an Ihre E-Mail-Adresse gesendet haben.',
    codeLabel: 'Code aus Ihrer E-Mail',
    codeInvalid: 'Geben Sie den Code aus der E-Mail ein',
    confirmCode: 'Bestätigen',
  },
  card: {
    'Sign message': 'Nachricht signieren',
    'Sign typed data': 'Typisierte Daten signieren',
    'Send transaction': 'Transaktion senden',
    'Sign transaction': 'Transaktion signieren',
    'Sign transactions': 'Transaktionen signieren',
    'Send calls': 'Aufrufe senden',
    'Send user operation': 'User Operation senden',
    'Grant permission': 'Berechtigung erteilen',
    'sign a message': 'eine Nachricht zu signieren',
    'sign typed data': 'typisierte Daten zu signieren',
    'send a transaction': 'eine Transaktion zu senden',
    'sign a transaction': 'eine Transaktion zu signieren',
    'sign {count} transactions': {
      one: '{count} Transaktion zu signieren',
      other: '{count} Transaktionen zu signieren',
    },
    'send {count} calls at once': {
      one: '{count} Aufruf auf einmal zu senden',
      other: '{count} Aufrufe auf einmal zu senden',
    },
    'send {count} calls from your smart account': {
      one: '{count} Aufruf von Ihrem Smart Account zu senden',
      other: '{count} Aufrufe von Ihrem Smart Account zu senden',
    },
    'act for you within these limits, without asking each time':
      'innerhalb dieser Grenzen in Ihrem Namen handeln zu dürfen, ohne jedes Mal zu fragen',
    Message: 'Nachricht',
    'Message (hex)': 'Nachricht (hex)',
    Account: 'Konto',
    Domain: 'Domain',
    Contract: 'Vertrag',
    Network: 'Netzwerk',
    Type: 'Typ',
    To: 'An',
    Value: 'Betrag',
    Data: 'Daten',
    From: 'Von',
    'Fee payer': 'Gebührenzahler',
    Instructions: 'Anweisungen',
    Transfer: 'Transfer',
    Signatures: 'Signaturen',
    'Lookup tables': 'Lookup-Tabellen',
    Size: 'Größe',
    Transactions: 'Transaktionen',
    'Transaction {index}': 'Transaktion {index}',
    And: 'Außerdem',
    'Call {index} of {count}': 'Aufruf {index} von {count}',
    'All or nothing': 'Alles oder nichts',
    Spend: 'Ausgaben',
    'Send tokens': 'Token senden',
    Call: 'Aufruf',
    Until: 'Bis',
    For: 'Für',
    'Without asking': 'Ohne Rückfrage',
    'New contract (deployment)': 'Neuer Vertrag (Deployment)',
    'Chain {chainId}': 'Chain {chainId}',
    '{count} required': '{count} erforderlich',
    '{count} bytes': { one: '{count} Byte', other: '{count} Byte' },
    '{count} bytes (function {selector})': {
      one: '{count} Byte (Funktion {selector})',
      other: '{count} Byte (Funktion {selector})',
    },
    none: 'keine',
    'and {count} more transfers': {
      one: 'und {count} weiterer Transfer',
      other: 'und {count} weitere Transfers',
    },
    '{count} more transactions': {
      one: '{count} weitere Transaktion',
      other: '{count} weitere Transaktionen',
    },
    '{tables} ({count} accounts not shown)': {
      one: '{tables} ({count} Konto nicht angezeigt)',
      other: '{tables} ({count} Konten nicht angezeigt)',
    },
    'Every call runs, or none does': 'Entweder werden alle Aufrufe ausgeführt oder keiner',
    'Calls inside these limits are sent without a card':
      'Aufrufe innerhalb dieser Grenzen werden ohne Bestätigungsfenster gesendet',
    'Up to {amount} ETH in all': 'Insgesamt bis zu {amount} ETH',
    'Up to {amount} base units of {token}': 'Bis zu {amount} Basiseinheiten von {token}',
    '{time}': '{time}',
  },
} satisfies FrameTexts
