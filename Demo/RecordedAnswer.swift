// A language model's answer to a request for a recipe with the response format
// `Recipe.jsonSchema(profile: .openAIStrict)`, as `demo stream` plays it back. A model answers
// such a schema's keys in the order the schema lists them, which is sorted, so `author` comes
// first and `title` last; and with every key, `null` where it has no value.

/// The recorded answer, whole: compact JSON in UTF-8, as the deltas of the answer add up to it.
let recordedAnswer = #"""
    {"author":{"name":"Camille Roux","website":"https://example.com/camille"},"difficulty":"medium",\#
    "ingredients":[{"name":"plain flour","quantity":200,"unit":"g"},\#
    {"name":"cold unsalted butter, diced","quantity":120,"unit":"g"},\#
    {"name":"ground almonds","quantity":60,"unit":"g"},{"name":"caster sugar","quantity":70,"unit":"g"},\#
    {"name":"salt","quantity":0.5,"unit":"tsp"},{"name":"iced water","quantity":3,"unit":"tbsp"},\#
    {"name":"ripe plums, halved and stoned","quantity":600,"unit":"g"},\#
    {"name":"egg, beaten","quantity":1,"unit":null},{"name":"demerara sugar","quantity":1.5,"unit":"tbsp"},\#
    {"name":"crème fraîche, to serve","quantity":null,"unit":null}],"servings":6,\#
    "steps":[{"minutes":10,"text":"Rub the butter into the flour, 1 tbsp of the caster sugar and the salt \#
    until no lumps bigger than a pea remain."},{"minutes":35,"text":"Add the iced water a spoonful at a \#
    time, press the dough into a disc, wrap it and chill it for 30 minutes."},{"minutes":5,"text":"Heat \#
    the oven to 200 °C (180 °C fan) and line a baking sheet with parchment."},{"minutes":10,"text":"Roll \#
    the dough into a 32 cm round, scatter the ground almonds over it, leaving a 4 cm border, and fan the \#
    plums on top."},{"minutes":5,"text":"Sprinkle the plums with the rest of the caster sugar, fold the \#
    border over them and brush it with the beaten egg."},{"minutes":40,"text":"Scatter the demerara sugar \#
    over the crust and bake until it is deep golden and the juices bubble."},{"minutes":15,"text":"Let it \#
    cool on the sheet for 15 minutes, then serve warm with a spoonful of crème fraîche."}],\#
    "summary":"A free-form tart with a flaky, buttery crust and jammy plums on a bed of almonds: no tin, \#
    no blind baking, and \"the most forgiving pastry there is\", as my grandmother said.",\#
    "tags":["dessert","baking","autumn","fruit","vegetarian"],"title":"Rustic plum and almond galette"}
    """#
