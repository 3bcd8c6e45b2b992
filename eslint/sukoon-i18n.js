// The lint rule of issue 22: words a person reads come from the catalogue (apps/web/src/i18n), never
// from a string literal in a component. It flags, in .tsx files:
//   - text between JSX tags: <p>Sign in</p>
//   - a string as the value of an attribute people read or hear: aria-label, title, placeholder,
//     alt, label, description, hint; and words (two or more) as any other attribute or prop's value,
//     region="the calendar", except class names, links and the like (NOT_WORDS)
//   - a string (or template) a JSX expression shows directly, also through ?: and && / ||:
//     {busy ? 'Saving...' : 'Save'}
// Text with no letters (a space, '✓', '·', digits) is not a person's words and passes.
const LETTERS = /[A-Za-z\u0900-\u097F]/;
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'hint',
]);

// Any other attribute or prop whose string holds words (two words with a space, "the calendar") is
// text a component will show or say (region="the calendar", heading="Your sessions"), unless it is
// one of these, which hold class names, links, paths or form hints rather than words.
const WORDS = /[A-Za-z\u0900-\u097F]+\s+[A-Za-z\u0900-\u097F]/;
const NOT_WORDS = new Set([
  'className',
  'class',
  'rel',
  'href',
  'src',
  'srcSet',
  'sizes',
  'd',
  'points',
  'viewBox',
  'transform',
  'accept',
  'autoComplete',
  'pattern',
  'inputMode',
  'style',
]);
const readsAsText = (name, text) =>
  READ_ATTRIBUTES.has(name) ? LETTERS.test(text) : !NOT_WORDS.has(name) && WORDS.test(text);

function literalText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral')
    return node.quasis.map((quasi) => quasi.value.cooked).join('');
  return null;
}

/** The strings an expression can show: a literal, or the branches of ?:, && and ||. */
function shownStrings(node, found = []) {
  if (!node) return found;
  if (node.type === 'ConditionalExpression') {
    shownStrings(node.consequent, found);
    shownStrings(node.alternate, found);
  } else if (node.type === 'LogicalExpression') {
    shownStrings(node.right, found);
    if (node.operator !== '&&') shownStrings(node.left, found);
  } else if (literalText(node) !== null) {
    found.push(node);
  }
  return found;
}

const noUntranslatedText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text in a component must come from the i18n catalogue' },
    messages: {
      text: 'Text a person reads ("{{text}}") belongs in the catalogue: apps/web/src/i18n/en.json (and hi.json), shown with t().',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (LETTERS.test(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !node.value) return;
        if (node.value.type === 'Literal') {
          if (typeof node.value.value === 'string' && readsAsText(name, node.value.value))
            report(node.value, node.value.value);
          return;
        }
        if (node.value.type === 'JSXExpressionContainer') {
          for (const shown of shownStrings(node.value.expression)) {
            const text = literalText(shown);
            if (text && readsAsText(name, text)) report(shown, text);
          }
        }
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        for (const shown of shownStrings(node.expression)) {
          const text = literalText(shown);
          if (text && LETTERS.test(text)) report(shown, text);
        }
      },
    };
  },
};

export default { rules: { 'no-untranslated-text': noUntranslatedText } };
