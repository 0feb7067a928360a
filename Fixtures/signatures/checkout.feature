Feature: Fixture recognition
  As a tester
  I want feature files known
  So that a new feature file opens in my editor
