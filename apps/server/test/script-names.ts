/**
 * A payer and an issuer named in each script of India's scheduled languages (and Latin), as
 * registration accepts them: the receipts' tests and their benchmark draw receipts for these.
 * Each pair has the letters that are hard to draw: conjuncts, reph, vowel signs written before
 * their consonant, nukta, and for Urdu a name written right to left.
 */
export interface ScriptNames {
  script: string;
  payer: string;
  issuer: string;
}

export const SCRIPT_NAMES: readonly ScriptNames[] = [
  { script: 'Latin', payer: 'Priya Sharma', issuer: 'Dr. Meera Iyer' },
  { script: 'Devanagari', payer: 'प्रिया शर्मा', issuer: 'डॉ. मीरा अय्यर' },
  { script: 'Bengali', payer: 'অর্পিতা বন্দ্যোপাধ্যায়', issuer: 'ডাঃ সৌমিত্র চক্রবর্তী' },
  { script: 'Gujarati', payer: 'હાર્દિક પટેલ', issuer: 'ડૉ. નિરાલી શાહ' },
  { script: 'Gurmukhi', payer: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', issuer: 'ਡਾ. ਹਰਜੀਤ ਕੌਰ' },
  { script: 'Kannada', payer: 'ಸುಧಾ ಮೂರ್ತಿ', issuer: 'ಡಾ. ಪ್ರಕಾಶ್ ಹೆಗ್ಡೆ' },
  { script: 'Malayalam', payer: 'ശ്രീകുമാർ നായർ', issuer: 'ഡോ. ലക്ഷ്മി മേനോൻ' },
  { script: 'Odia', payer: 'ସୁଦର୍ଶନ ପଟ୍ଟନାୟକ', issuer: 'ଡା. ପ୍ରିୟଙ୍କା ମହାପାତ୍ର' },
  { script: 'Tamil', payer: 'செல்வி முருகன்', issuer: 'டாக்டர் கார்த்திக் சுப்பிரமணியம்' },
  { script: 'Telugu', payer: 'శ్రీనివాస్ రెడ్డి', issuer: 'డా. లక్ష్మీ ప్రసన్న' },
  { script: 'Urdu', payer: 'عائشہ صدیقی', issuer: 'ڈاکٹر فیض احمد' },
  { script: 'Ol Chiki', payer: 'ᱥᱤᱫᱳ ᱢᱩᱨᱢᱩ', issuer: 'ᱥᱩᱢᱤᱛᱨᱟ ᱦᱟᱸᱥᱫᱟᱜ' },
  { script: 'Meetei Mayek', payer: 'ꯏꯔꯣꯝ ꯁꯔꯃꯤꯂꯥ', issuer: 'ꯊꯧꯅꯥꯎꯖꯝ ꯕꯤꯔꯦꯟ' },
];

export function namesIn(script: string): ScriptNames {
  const names = SCRIPT_NAMES.find((entry) => entry.script === script);
  if (!names) throw new Error(`No names in ${script}`);
  return names;
}
