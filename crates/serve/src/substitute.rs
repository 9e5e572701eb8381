//! Parameters inside expressions: the part of binding a variable that Oxigraph's own
//! substitution does not cover.
//!
//! Oxigraph binds a substituted variable in the solutions a query starts from, which is right
//! for triple patterns and the projection. But its optimizer plans the query without knowing
//! about the substitution: a variable that no pattern binds is "never bound" to it, so
//! `FILTER(CONTAINS(?label, ?text))` or `!BOUND(?text)` is folded away before the value
//! arrives. [`expressions`] therefore also writes each bound value into every expression of
//! the algebra as a constant (and `BOUND(?v)` as `true`). This is a rewrite of parsed algebra,
//! never of query text, so a value cannot change the query's shape.

use std::collections::HashMap;

use oxigraph::model::{Literal, Term, Variable};
use spargebra::algebra::{AggregateExpression, Expression, GraphPattern, OrderExpression};

/// Replaces the bound variables in every expression of `pattern`.
pub fn expressions(pattern: &mut GraphPattern, values: &HashMap<Variable, Term>) {
    if values.is_empty() {
        return;
    }
    in_pattern(pattern, values);
}

fn in_pattern(pattern: &mut GraphPattern, values: &HashMap<Variable, Term>) {
    match pattern {
        GraphPattern::Bgp { .. } | GraphPattern::Path { .. } | GraphPattern::Values { .. } => {}
        GraphPattern::Join { left, right }
        | GraphPattern::Union { left, right }
        | GraphPattern::Minus { left, right }
        | GraphPattern::Lateral { left, right } => {
            in_pattern(left, values);
            in_pattern(right, values);
        }
        GraphPattern::LeftJoin {
            left,
            right,
            expression,
        } => {
            in_pattern(left, values);
            in_pattern(right, values);
            if let Some(e) = expression {
                in_expression(e, values);
            }
        }
        GraphPattern::Filter { expr, inner } => {
            in_expression(expr, values);
            in_pattern(inner, values);
        }
        GraphPattern::Extend {
            inner, expression, ..
        } => {
            in_expression(expression, values);
            in_pattern(inner, values);
        }
        GraphPattern::OrderBy { inner, expression } => {
            for order in expression {
                match order {
                    OrderExpression::Asc(e) | OrderExpression::Desc(e) => in_expression(e, values),
                }
            }
            in_pattern(inner, values);
        }
        GraphPattern::Group {
            inner, aggregates, ..
        } => {
            for (_, aggregate) in aggregates {
                if let AggregateExpression::FunctionCall { expr, .. } = aggregate {
                    in_expression(expr, values);
                }
            }
            in_pattern(inner, values);
        }
        GraphPattern::Graph { inner, .. }
        | GraphPattern::Project { inner, .. }
        | GraphPattern::Distinct { inner }
        | GraphPattern::Reduced { inner }
        | GraphPattern::Slice { inner, .. }
        | GraphPattern::Service { inner, .. } => in_pattern(inner, values),
    }
}

fn in_expression(expression: &mut Expression, values: &HashMap<Variable, Term>) {
    match expression {
        Expression::Variable(v) => {
            if let Some(constant) = values.get(v).and_then(constant) {
                *expression = constant;
            }
        }
        Expression::Bound(v) => {
            if values.contains_key(v) {
                *expression = Expression::Literal(Literal::from(true));
            }
        }
        Expression::NamedNode(_) | Expression::Literal(_) => {}
        Expression::Or(a, b)
        | Expression::And(a, b)
        | Expression::Equal(a, b)
        | Expression::SameTerm(a, b)
        | Expression::Greater(a, b)
        | Expression::GreaterOrEqual(a, b)
        | Expression::Less(a, b)
        | Expression::LessOrEqual(a, b)
        | Expression::Add(a, b)
        | Expression::Subtract(a, b)
        | Expression::Multiply(a, b)
        | Expression::Divide(a, b) => {
            in_expression(a, values);
            in_expression(b, values);
        }
        Expression::UnaryPlus(a) | Expression::UnaryMinus(a) | Expression::Not(a) => {
            in_expression(a, values);
        }
        Expression::In(a, list) => {
            in_expression(a, values);
            for e in list {
                in_expression(e, values);
            }
        }
        Expression::If(a, b, c) => {
            in_expression(a, values);
            in_expression(b, values);
            in_expression(c, values);
        }
        Expression::Coalesce(list) | Expression::FunctionCall(_, list) => {
            for e in list {
                in_expression(e, values);
            }
        }
        Expression::Exists(pattern) => in_pattern(pattern, values),
    }
}

/// A term as a constant expression (blank nodes have none).
fn constant(term: &Term) -> Option<Expression> {
    match term {
        Term::NamedNode(n) => Some(Expression::NamedNode(n.clone())),
        Term::Literal(l) => Some(Expression::Literal(l.clone())),
        _ => None,
    }
}
